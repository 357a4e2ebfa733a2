// Scripted answers in one import: the file's shape and the answers it gives.
export { declaredCapabilities, parseAnswersFile, type AnswersFile } from './answers-file.js';
export { answerHandlers, capabilitiesObject, elicitationResult, samplingResult, withSchemaDefaults } from './scripted-answers.js';
