import { checkAnswerTool } from './check-answer-tool.js';
import { ingestTool } from './ingest-tool.js';
import { listDocumentsTool } from './list-documents-tool.js';
import { readTool } from './read-tool.js';
import { removeTool } from './remove-tool.js';
import { searchTool } from './search-tool.js';
import type { ToolSpec } from './tool-spec.js';

/** Every tool `cairn mcp` has, in the order clients list them; the writing ones last. */
export const CAIRN_TOOLS: readonly ToolSpec[] = [
  searchTool,
  readTool,
  listDocumentsTool,
  checkAnswerTool,
  ingestTool,
  removeTool,
];
