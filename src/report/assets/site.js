// The comparison page of the publishing site: a checkbox that shows only the requirements the implementations judge differently.
(() => {
  const box = document.getElementById('only-differ');
  if (!box) return;
  box.addEventListener('change', () => {
    for (const row of document.querySelectorAll('#compare-table tbody tr'))
      row.hidden = box.checked && !row.classList.contains('differ');
  });
})();
