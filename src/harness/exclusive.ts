// One holder at a time, in the order they asked: the tests of a file that change or read the run's own account settings (DECISIONS 14).

export class Exclusive {
  private tail: Promise<void> = Promise.resolve();

  /** Waits until every earlier holder has released; the returned function releases this one. */
  async acquire(): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = this.tail;
    this.tail = before.then(() => held);
    await before;
    return release;
  }
}
