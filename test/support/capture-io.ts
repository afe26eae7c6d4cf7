/** Standard output and error for a command run in-process, collected as text. */
export function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: (t: string) => err.push(t) },
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
