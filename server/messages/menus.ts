/** Messages of menus from schemas and menu allocation: {key: {en, zh}}. */
export default {
  menuUnreadable: {
    en: "Saved. This role can't open {n} of the chosen screens, so they stay out of its menu.",
    zh: '已保存。该角色无权打开所选的 {n} 个页面，它们不会出现在其菜单中。',
  },
} as const;
