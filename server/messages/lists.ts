/** Messages of the list core, request validation and bounded errors: {key: {en, zh}}. */
export default {
} as const;
