/** Where a command writes and reads: the process's streams, or a test's buffers. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin?: AsyncIterable<Uint8Array>;
}
