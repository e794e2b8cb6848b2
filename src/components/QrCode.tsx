import { QRCodeCanvas } from "qrcode.react";
import type { Ref } from "react";

type QrCodeProps = {
  address: string;
  /** The canvas's side, in CSS pixels. */
  size: number;
  /** Error correction: "H" survives a scuffed print, "M" draws fewer, larger modules. */
  level: "M" | "H";
  /** The quiet zone around the code, in modules. */
  marginSize: number;
  ref?: Ref<HTMLCanvasElement>;
};

/** The QR code of `address`, drawn on a canvas (the /qr page downloads it as a PNG). */
export function QrCode({ address, size, level, marginSize, ref }: QrCodeProps) {
  // Dark on white whatever the theme: scanners expect that contrast.
  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-md">
      <QRCodeCanvas
        ref={ref}
        value={address}
        size={size}
        level={level}
        marginSize={marginSize}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={`QR code for ${address}`}
        className="block max-w-full"
      />
    </div>
  );
}
