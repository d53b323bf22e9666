import { create } from 'zustand';

/** Whether the theme drawer is open: the header's palette button and the edge button both open it. */
export const useThemeDrawer = create<{ open: boolean }>(() => ({ open: false }));
export const openThemeDrawer = () => useThemeDrawer.setState({ open: true });
export const closeThemeDrawer = () => useThemeDrawer.setState({ open: false });
