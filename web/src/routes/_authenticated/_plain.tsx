import { createFileRoute } from '@tanstack/react-router';

/**
 * Pathless layout of the signed-in pages shown without the dashboard sidebar (docs/product/screens.md#signed-in-layouts,
 * plain layout): only the site header and footer around the page, and the small gate spinner.
 */
export const Route = createFileRoute('/_authenticated/_plain')({});
