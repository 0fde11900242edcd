/**
 * The web app's renderer of console pages (web/src/server-render.tsx, ADR 0045), which
 * web/vite.config.ts resolves for the Worker's bundle; worker tests resolve it to a stand-in.
 */
declare module 'virtual:kubemarket/console-renderer' {
  export interface RenderedPage {
    html: string;
    status: number;
    routeIds: string[];
  }
  export function renderConsolePage(path: string, data: { blocks: Record<string, string>; timeZone?: string; consentRecorded?: boolean; signal?: AbortSignal }): Promise<RenderedPage>;
}
