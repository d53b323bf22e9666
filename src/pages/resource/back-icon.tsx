import { ArrowLeftOutlined } from '@ant-design/icons';

/**
 * The page header's back control: an icon, not Refine's default button, since the header already
 * wraps it in its own role="button" (a button in a button: axe nested-interactive).
 */
export const backIcon = <ArrowLeftOutlined />;
