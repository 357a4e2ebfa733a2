// Scripted answers in one import: the file's shape and the answers it gives.
export { ANSWER_CAPABILITIES, AnswersFileSchema, SAMPLING_PLACEHOLDERS, declaredCapabilities, parseAnswersFile, type AnswerCapability, type AnswersFile } from './answers-file.js';
export { USER_REJECTED, answerHandlers, capabilitiesObject, elicitationResult, rootsResult, samplingResult, withSchemaDefaults } from './scripted-answers.js';
