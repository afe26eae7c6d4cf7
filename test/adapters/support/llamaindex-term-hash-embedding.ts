import { BaseEmbedding } from 'llamaindex';
import { termHashVector } from './term-hash-vector.js';

/** LlamaIndex's BaseEmbedding over `termHashVector`. */
export class TermHashEmbedding extends BaseEmbedding {
  // biome-ignore lint/complexity/noUselessConstructor: BaseEmbedding's constructor is protected; this one is public
  constructor() {
    super();
  }

  async getTextEmbedding(text: string): Promise<number[]> {
    return termHashVector(text);
  }
}
