/** Search-engine crawlers and link-preview fetchers: the error page is not rendered for them (SPEC §8). */
const BOT_UA =
  /bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|facebookcatalog|embedly|quora link preview|showyoubot|outbrain|pinterest|slackbot|slack-imgproxy|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|twitterbot|linkedinbot|skypeuripreview|redditbot|applebot|yandex|baiduspider|duckduckbot|google-inspectiontool|googleother/i;

export function isBot(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return BOT_UA.test(userAgent);
}
