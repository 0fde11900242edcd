/** Tutorials are content files (one JSON file each): a list of blocks rendered by TutorialContent. Inline `code` uses backticks. */
export type TutorialBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'code'; language: 'bash' | 'yaml' | 'json' | 'text'; code: string; caption?: string }
  | { type: 'list'; items: readonly string[]; ordered?: boolean }
  | { type: 'note'; tone: 'info' | 'warning'; text: string };

export interface Tutorial {
  slug: string;
  title: string;
  summary: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  minutes: number;
  tags: readonly string[];
  /** YYYY-MM-DD. */
  updated: string;
  blocks: readonly TutorialBlock[];
}
