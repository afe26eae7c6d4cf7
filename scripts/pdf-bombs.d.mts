export type BombKind = 'flate' | 'flate-twice' | 'hex-flate' | 'lzw' | 'object-stream';
export const BOMB_KINDS: BombKind[];
/** A one-page PDF: one line of text, then `padding` spaces, stored through the kind's filter chain. */
export function pdfBomb(kind: BombKind, line: string, padding: number): Promise<Uint8Array>;
export function deflateRun(head: Buffer, padding: number): Promise<Buffer>;
export function lzwRun(head: Buffer, padding: number): Buffer;
export function pdfWithContent(stream: Buffer, filter: string): Uint8Array;
