// The headings every part's document has, named once for the sources that cite them.

export const statesSection = 'States and transitions';
export const fieldsSection = 'Resources and their fields';
export const otherRecords = 'Resources and their fields > Other records';
