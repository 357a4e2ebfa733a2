// Tool lists as function-calling definitions for LLM APIs: the converter lives in shared/model (the chat loop offers
// tools with it too); the panel keeps importing it from here.
export { exportTools, unexportableNames, type ExportFormat } from '../../../shared/model/tool-functions.js';
