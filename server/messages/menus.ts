/** Messages of menus from schemas and department rules: {key: {en, zh}}. */
export default {
} as const;
