import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code drawn in the browser as SVG (qrcode.react), dark on a white quiet zone so phones read
 * it in the dark theme too. Loaded only through LazyQrCode, never in a first-visit chunk.
 */
export default function QrCode({ value, size, title }: { value: string; size: number; title: string }) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level="M"
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#0f172a"
      title={title}
      role="img"
      aria-label={title}
      className="h-auto max-w-full rounded-md"
    />
  );
}
