// The public site's words in Hindi (see public.en.ts): our own plain Hindi, same keys and placeholders.
import type { publicEn } from "./public.en.ts";

export const publicHi: Record<keyof typeof publicEn, string> = {
  "public.updated": "पिछली बार बदला गया: {date}",
};
