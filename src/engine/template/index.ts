// The templating layer: snippet bodies (Handlebars-style tags) → Markdown with sentinels.
export { expandTemplate } from "./expand";
export { checkTemplate, type CheckInput } from "./check";
export { collectVariables } from "./variables";
export { formatValue, formatToday, formatDateString, isTruthy } from "./format";
export { formatCalendarDate } from "./date-pattern";
export { escapeValue } from "./escape";
export * from "../markdown/sentinels";
export type * from "./types";
