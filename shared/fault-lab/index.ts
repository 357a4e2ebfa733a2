// The fault lab's public surface: presets, their payloads and the verdict functions.
export * from './fault-types.js';
export { FAULT_PRESETS, faultPreset, appliesTo } from './fault-presets.js';
export { gradeFault } from './grade-fault.js';
export { gradeHttpProbe, type HttpRefusal } from './grade-http.js';
export { pickSlowTool } from './session-presets.js';
export { gradeBatchForVersion, type BatchGradeOptions } from './grade-batch.js';
export { toBase64, fromBase64, bytesToText } from './byte-payload.js';
export { isSettled } from './settled.js';
export { presetLanes } from './lanes.js';
export { resultsMarkdown, outcomeLabel, type FaultRunRecord } from './results-markdown.js';
export { answersIn } from './reply-facts.js';
export { judgeVerdict, judgementLabel, PRESET_SENTENCES, type PresetSentence } from './preset-sentences.js';
export { diedVerdict, type ServerDeath } from './server-died.js';
