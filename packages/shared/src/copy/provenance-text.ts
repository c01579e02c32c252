/** The labels and strings of the generation details panel and of Remix. */
export const PROVENANCE_TEXT = {
  infoLabel: (title: string) => `Generation details: ${title}`,
  panelTitle: 'Generation Details',
  fields: {
    provider: 'Provider',
    model: 'Model',
    seed: 'Seed',
    prompt: 'Prompt',
    subject: 'Subject image',
    jobId: 'Job ID',
    created: 'Created',
  },
  /** The disclosure that holds the provider's names and numbers, closed at first. */
  technicalDetails: 'Technical details',
  /** The subject image stands for itself: its stored address means nothing to a reader. */
  subjectImage: 'The character picture it started from',
  noDetails: 'This media was not made by a generation job, so there are no details to show.',
  unknown: 'Not reported',
  remix: 'Remix',
  downloadPng: 'Download PNG',
  close: 'Close',
  replaceTitle: 'Replace your prompt?',
  replaceMessage:
    'The form already holds a prompt you typed. Replace it with the remixed character, type and prompt?',
  replaceConfirm: 'Replace',
  keepDraft: 'Keep mine',
  downloadFailed: 'Failed to download the PNG',
} as const;
