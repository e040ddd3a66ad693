package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.util.ArrayList;
import java.util.List;

/** What the zstd frames of a body say, for tests of bodies made of one frame or several (RFC 8878). */
public final class ZstdFrames {
  private ZstdFrames() {}

  /** Where each frame of {@code body} starts, in order; fails the test if a frame cannot be walked. */
  public static List<Integer> starts(byte[] body) {
    List<Integer> starts = new ArrayList<>();
    for (int at = 0; at < body.length; ) {
      starts.add(at);
      long frameBytes = Zstd.findFrameCompressedSize(body, at);
      assertTrue(frameBytes > 0, "no frame at byte " + at);
      at += (int) frameBytes;
    }
    return starts;
  }

  /** The content size each frame of {@code body} declares, in order. */
  public static List<Long> contentSizes(byte[] body) {
    List<Long> sizes = new ArrayList<>();
    for (int at : starts(body)) {
      sizes.add(Zstd.getFrameContentSize(body, at, body.length - at));
    }
    return sizes;
  }

  /** Whether the frame starting at {@code at} says it ends with a checksum (RFC 8878 3.1.1.1.1). */
  public static boolean declaresChecksum(byte[] body, int at) {
    return (body[at + 4] & 0x04) != 0;
  }
}
