// The Share menu's networks: plain share links (they work without JavaScript), each opening the network's own page.
export const shareNetworks = ["facebook", "line", "mail", "skype", "telegram", "whatsapp"] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

export function shareHref(network: ShareNetwork, { link, text, subject }: { link: string; text: string; subject: string }): string {
  const url = encodeURIComponent(link);
  const message = encodeURIComponent(`${text} ${link}`);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "line":
      return `https://social-plugins.line.me/lineit/share?url=${url}&text=${encodeURIComponent(text)}`;
    case "mail":
      return `mailto:?subject=${encodeURIComponent(subject)}&body=${message}`;
    case "skype":
      return `https://web.skype.com/share?url=${url}&text=${encodeURIComponent(text)}`;
    case "telegram":
      return `https://t.me/share/url?url=${url}&text=${encodeURIComponent(text)}`;
    case "whatsapp":
      return `https://wa.me/?text=${message}`;
  }
}
