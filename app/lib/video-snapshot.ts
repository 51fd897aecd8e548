// Issue 33: a snapshot of a video call: the video element's current frame drawn on a canvas, as a JPEG
// (quality 0.85, lowered when the frame would exceed the server's 1 MB bound). The official's call screen
// posts it for the customer's face and PAN card.
import { SNAPSHOT_MAX_BYTES } from "../../core/video-kyc.ts";

/** The frame the video shows now, as a JPEG; null when it shows none yet (no size) or cannot be made small enough. */
export async function videoFrameJpeg(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth || !video.videoHeight) return null;
  const canvas = Object.assign(document.createElement("canvas"), { width: video.videoWidth, height: video.videoHeight });
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= SNAPSHOT_MAX_BYTES) return blob;
  }
  return null;
}
