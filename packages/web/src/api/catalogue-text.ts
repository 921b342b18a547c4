// Loaded on its own (api/error-text.ts): every code's messages, kept out of the first load.
export { errorEntry, errorMessage } from '@fleetport/contract';
