/** The order list's address (the work-order menu's entry); a module of its own so that the menus' badges and the home's tiles name it without loading the list's screens. */
export const LIST_PATH = '/workorder/consultorder';
