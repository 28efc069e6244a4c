// The AI map chat's built-in intent engine (no network, no model) and the sentences it answers with.
export { understand, splitClauses, cleanPlace, CAPABILITIES, HELP_TEXT, type IntentResult, type IntentOptions } from './intent.ts';
export { wordsToNumbers } from './numbers.ts';
export { summarize, formatDistance, formatClimb, formatDuration } from './summary.ts';
