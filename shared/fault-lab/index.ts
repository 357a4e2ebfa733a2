// The fault lab's public surface: presets, their payloads and the verdict functions.
export * from './fault-types.js';
export { FAULT_PRESETS, faultPreset, appliesTo } from './fault-presets.js';
export { gradeFault, type FaultGradeOptions } from './grade-fault.js';
export { gradeHttpProbe, gradeRefusal, type HttpRefusal } from './grade-http.js';
export { pickSlowTool, SLOW_TOOLS } from './session-presets.js';
export { gradeBatchRules, gradeBatchForVersion, batchFaults, type BatchGradeOptions } from './grade-batch.js';
export { toBase64, fromBase64, bytesToText } from './byte-payload.js';
export { isSettled } from './settled.js';
export { presetLanes } from './lanes.js';
export { resultsMarkdown, outcomeLabel, type FaultRunRecord } from './results-markdown.js';
export { answersIn } from './reply-facts.js';
export { judgeVerdict, judgementLabel, presetSentence, PRESET_SENTENCES, DIED_SENTENCE, type PresetSentence, type PresetJudgement } from './preset-sentences.js';
export { diedVerdict, type ServerDeath } from './server-died.js';
