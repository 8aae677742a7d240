/**
 * A Short's title and description from the post's text. The rule lives in contracts, browser-safe, so the Review
 * tab's YouTube preview shows the title this adapter uploads with.
 */
export { youTubeVideoMetadata, type YouTubeVideoMetadata } from '@agentcast/contracts/youtube-video-title';
