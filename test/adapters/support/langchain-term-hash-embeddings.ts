import { Embeddings } from '@langchain/core/embeddings';
import { termHashVector } from './term-hash-vector.js';

/** LangChain's Embeddings interface over `termHashVector`. */
export class TermHashEmbeddings extends Embeddings {
  constructor() {
    super({});
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map(termHashVector);
  }

  async embedQuery(text: string): Promise<number[]> {
    return termHashVector(text);
  }
}
