/** Internet Explorer's user agents: MSIE up to 10, Trident for 11. */
export const isInternetExplorer = (userAgent: string): boolean => /\bMSIE \d|\bTrident\/\d/.test(userAgent);
