import { API_MESSAGES } from '../contract/messages';
import { deleteQuestion } from './delete-question';
import { LOGIN_HEADING } from './pages';
import { WALLET_BUTTON_LABELS } from './wallet-labels';

/**
 * Every user-facing message of docs/product.md §8 (and the dialog texts of §2). Import, never
 * retype. The ones the server sends come from API_MESSAGES, under the same keys.
 */
export const MESSAGES = {
  auth: {
    /** With no wallet chosen yet the network's name stands in for the wallet's. */
    connectWalletFirst: (walletName = 'Solana') => `Please connect your ${walletName} wallet first.`,
    failed: 'Authentication failed. Please try again.',
    success: 'Successfully authenticated!',
  },
  dashboard: {
    loadFailed: 'Failed to load dashboard data',
    noCharacters: "You don't have any characters yet",
    noMedia: "You don't have any media yet",
  },
  characters: {
    loadFailed: 'Failed to load characters',
    deleted: 'Character deleted successfully',
    deleteFailed: 'Failed to delete character',
    loadOneFailed: 'Failed to load character',
    improved: 'Appearance description improved',
    improveFailed: 'Failed to improve appearance description',
    imageGenerated: 'Image generated successfully',
    imageFailed: 'Failed to generate character image',
    created: 'Character created successfully',
    updated: 'Character updated successfully',
    saveFailed: 'Failed to save character. Please try again.',
    notLoggedIn: 'You must be logged in to create a character',
    nameAndAppearanceRequired: API_MESSAGES.characters.nameAndAppearanceRequired,
    appearanceNeededToImprove: 'Please provide an initial appearance description',
    appearanceNeededToGenerate: 'Please provide appearance details to generate an image',
    emptyTitle: 'No Characters Found',
    emptyText: 'Create your first Bae to get started.',
    emptySearchText: (search: string) => `No characters match "${search}". Try another name or word.`,
    deleteTitle: 'Delete Character',
    deleteConfirm: (name: string) => deleteQuestion(`"${name}"`),
    /** What the image field shows instead of the internal address of a stored portrait. */
    portraitGenerated: 'Generated portrait',
    portraitUploaded: 'Uploaded photo',
    portraitNotImage: 'A portrait must be an image: PNG, JPEG, WebP or GIF.',
    photoUploaded: 'Photo uploaded',
  },
  cards: {
    exportLabel: 'Export card',
    importLabel: 'Import card',
    imported: (name: string) => `Character card imported: ${name}`,
    importFailed: 'Failed to import the character card',
    dropHere: 'Drop a character card (PNG or JSON) to import it',
    notACardFile: 'A character card is a PNG image or a JSON file.',
    /** A file the server refused as no card at all, said in plain words rather than the reader's. */
    notACard: 'This file is not a character card.',
    /** The browser says it before sending such a file; the server answers it with 413 CARD_TOO_LARGE. */
    tooLarge: API_MESSAGES.cards.tooLarge,
  },
  uploads: {
    networkFailed: 'The upload failed. Check your connection and try again.',
  },
  media: {
    loadFailed: 'Failed to load media data',
    deleted: 'Media deleted successfully',
    deleteFailed: 'Failed to delete media',
    notLoggedIn: 'You must be logged in',
    selectCharacter: 'Please select a character',
    enterPrompt: 'Please enter a prompt',
    generateFailed: API_MESSAGES.media.generateFailed,
    imagesSaved: (count: number) => `Successfully saved ${count} images`,
    imagesSaveFailed: 'Failed to save images',
    alreadySaved: API_MESSAGES.media.alreadySaved,
    emptyTitle: 'No Media Found',
    needsCharacter: 'Photos and videos are made of one of your characters. Create your first Bae to begin.',
    deleteTitle: 'Delete Media',
    deleteConfirm: deleteQuestion('this media'),
    videoQueued: 'Video generation started. It may take up to 8 minutes.',
  },
  bulk: {
    select: 'Select',
    cancel: 'Cancel',
    selectAll: 'Select all',
    selected: (count: number) => `${count} selected`,
    delete: 'Delete',
    downloadZip: 'Download zip',
    selectItem: (title: string) => `Select ${title}`,
    mediaNoun: (count: number) => (count === 1 ? '1 media item' : `${count} media items`),
    charactersNoun: (count: number) => (count === 1 ? '1 character' : `${count} characters`),
    deleteTitle: (noun: string) => `Delete ${noun}`,
    /** "these 3 media items", but "1 media item": a single item takes no "these". */
    deleteConfirm: (count: number, noun: string) => deleteQuestion(count === 1 ? noun : `these ${noun}`),
    deleted: (noun: string) => `Deleted ${noun} successfully`,
    deleteFailed: (noun: string) => `Failed to delete ${noun}`,
    zipReady: (noun: string) => `Downloaded ${noun} as a zip`,
    zipFailed: 'Failed to download the zip',
  },
  list: {
    /** Over a search: how many records match it, whatever is loaded so far. */
    matches: (count: number) => (count === 1 ? '1 match' : `${count} matches`),
    showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
    items: (count: number) => (count === 1 ? '1 item' : `${count} items`),
  },
  service: API_MESSAGES.service,
  wallet: {
    notConnected: 'Wallet not connected',
    signInNoResult: 'Sign in failed, no sign in result returned by wallet',
    noSignAndSend: 'connected wallet does not support signAndSendTransaction',
    mobileNoWallet:
      'To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.',
    mobileIncompatibleBrowser:
      'This browser appears to be incompatible with mobile wallet adapter. Open this page in a compatible mobile browser app and try again.',
    dialogTitleWithWallets: 'Connect a wallet on Solana to continue',
    dialogTitleNoWallets: "You'll need a wallet on Solana to continue",
    noWalletFound: "We can't find a wallet.",
    findWallet: 'Find a wallet',
    detected: 'Detected',
    moreOptions: 'More options',
    close: 'Close',
    labels: WALLET_BUTTON_LABELS,
    devWalletNote:
      'Development Wallet: a test key kept in this browser only. Never send real funds to it; production sites turn it off.',
  },
  login: {
    title: LOGIN_HEADING,
    subtitle: 'Connect your Solana wallet and sign a message. No passwords.',
    button: 'Login',
  },
  subscription: {
    title: 'Subscription required',
    text: (months: number, priceUsd: number, token: string) =>
      `Access costs a ${months} month subscription: send ${priceUsd} dollars worth of ${token} to the address below. Your wallet is verified automatically once the payment arrives.`,
    addressLabel: 'Payment address',
  },
  generations: {
    imageReady: 'Your image is ready',
    imagesReady: 'Your images are ready',
    videoReady: 'Your video is ready',
    imageFailed: 'Your images could not be generated',
    videoFailed: 'Your video could not be generated',
    cancelled: 'Generation cancelled.',
    cancelFailed: 'Failed to cancel the generation',
    dismissFailed: 'Failed to dismiss the results',
    leaveTitle: 'Leave without saving?',
    leaveMessage:
      'The images you generated are not saved yet. They stay in the list at the top of the page until they expire.',
    leaveConfirm: 'Leave',
    leaveCancel: 'Stay',
  },
} as const;
