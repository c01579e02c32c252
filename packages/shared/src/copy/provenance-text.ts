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
