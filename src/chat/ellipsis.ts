import type { CSSProperties } from 'react';

/**
 * One line, cut with an ellipsis by the browser. antd Typography's `ellipsis` measures the text
 * in script (getBoundingClientRect, a forced layout) each time it renders: in the chat list that
 * was a layout per row per incoming message (issue 26 item 2, bench/inbox-browser.ts).
 */
export const ELLIPSIS: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 };
