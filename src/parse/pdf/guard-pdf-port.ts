/** The part of pdf.js's in-thread message port that replies go through. */
export interface PdfMessagePort {
  postMessage(message: unknown, transfer?: unknown): void;
}

/** pdf.js's message protocol (`CallbackKind` in its message handler): a reply with data, or an error. */
const CALLBACK_DATA = 1;
const CALLBACK_ERROR = 2;

interface ReplyMessage {
  sourceName: string;
  targetName: string;
  callback: number;
  callbackId: number;
  data?: unknown;
}

/**
 * In Node, pdf.js runs its worker in this thread and passes each reply
 * through a loopback port that structured-clones it. A reply nested deeper
 * than V8's serializer can recurse, such as an outline 2,000 levels deep,
 * throws a RangeError inside pdf.js's own promise chain: an unhandled
 * rejection that ends the process, while the request waits forever. Wrapped,
 * a reply that cannot be cloned is sent as pdf.js's own error reply, so the
 * call that asked for it (`getOutline`) rejects like any other failure.
 */
export function guardPdfPort(port: PdfMessagePort): void {
  const post = port.postMessage.bind(port);
  port.postMessage = (message: unknown, transfer?: unknown): void => {
    try {
      post(message, transfer);
    } catch (cause) {
      if (!(cause instanceof RangeError) || !isDataReply(message)) throw cause;
      const { sourceName, targetName, callbackId } = message;
      post({
        sourceName,
        targetName,
        callbackId,
        callback: CALLBACK_ERROR,
        reason: {
          name: 'UnknownErrorException',
          message: `a reply too deeply nested to pass on (${cause.message})`,
          details: String(cause),
        },
      });
    }
  };
}

function isDataReply(message: unknown): message is ReplyMessage {
  const reply = message as Partial<ReplyMessage> | null;
  return typeof reply === 'object' && reply !== null && reply.callback === CALLBACK_DATA;
}
