/**
 * Counts the writes that can change what the lexical index holds, bumped as
 * each one begins and as it ends: a reader that saw the same value before
 * and after its read knows no such write began, ended or ran meanwhile.
 */
export class WriteCounter {
  private count = 0;

  get value(): number {
    return this.count;
  }

  async around<T>(write: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await write();
    } finally {
      this.count++;
    }
  }
}
