import { Grid } from 'antd';

/** A phone's width: antd's xs, below 576 px. antd reports nothing before its first media check, which counts as wide. */
export const useNarrow = () => Grid.useBreakpoint().xs === true;
