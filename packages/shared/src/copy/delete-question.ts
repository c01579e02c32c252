/** The question before every delete, none of which can be undone: `what` is "this media", a quoted name... */
export const deleteQuestion = (what: string) =>
  `Are you sure you want to delete ${what}? This action cannot be undone.`;
