package io.github.zipjack.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link Setting}: how text is parsed by kind, and how ranges and defaults are written. */
class SettingTest {

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @Test
  void byteSizesTakeBinaryUnits() {
    assertEquals(8L << 20, SettingCatalog.MAX_BUFFERED_BYTES.parse("8MiB"));
    assertEquals(64L << 10, SettingCatalog.MAX_BUFFERED_BYTES.parse(" 64 kib "));
    assertEquals(1L << 30, SettingCatalog.MAX_BUFFERED_BYTES.parse("1GiB"));
    assertEquals(1000L, SettingCatalog.MAX_BUFFERED_BYTES.parse("1000"));
  }

  @Test
  void byteSize_decimalUnit() {
    assertEquals("maxBufferedBytes must be a byte size such as 1024, 64KiB or 8MiB: \"8MB\"",
        message(() -> SettingCatalog.MAX_BUFFERED_BYTES.parse("8MB")));
  }

  @Test
  void count_byteSize() {
    assertEquals("encoderPoolSize must be a whole number in [0, 1024]: \"8MiB\"",
        message(() -> SettingCatalog.ENCODER_POOL_SIZE.parse("8MiB")));
  }

  @Test
  void count_negative() {
    assertEquals("encoderPoolSize must be a whole number in [0, 1024]: \"-1\"",
        message(() -> SettingCatalog.ENCODER_POOL_SIZE.parse("-1")));
  }

  @Test
  void count_aboveItsRange() {
    assertEquals("encoderPoolSize must be in [0, 1024]: 2000",
        message(() -> SettingCatalog.ENCODER_POOL_SIZE.parse("2000")));
  }

  @Test
  void count_moreDigitsThanALongHolds() {
    assertEquals("maxInflationRatio must be in [1, 2147483647]: 99999999999999999999",
        message(() -> SettingCatalog.MAX_INFLATION_RATIO.parse("99999999999999999999")));
  }

  @Test
  void byteSize_overflowingWithItsUnit() {
    assertEquals("maxBufferedBytes must be at most 9223372036854775807: 10000000000000GiB",
        message(() -> SettingCatalog.MAX_BUFFERED_BYTES.parse("10000000000000GiB")));
  }

  @Test
  void flag_notTrueOrFalse() {
    assertEquals("inflateRequests must be true or false: \"yes\"",
        message(() -> SettingCatalog.INFLATE_REQUESTS.parse("yes")));
  }

  @Test
  void flagsIgnoreCase() {
    assertEquals(Boolean.FALSE, SettingCatalog.INFLATE_REQUESTS.parse("FALSE"));
  }

  @Test
  void builderOnlyValuesAreNotParsed() {
    assertThrows(UnsupportedOperationException.class, () -> SettingCatalog.MAPPER.parse("x"));
  }

  @Test
  void rangesAreWrittenWithTheirNotes() {
    assertEquals("in [0, 1073741824] (0 = no pooling)", SettingCatalog.SEGMENT_POOL_BYTES.range());
    assertEquals(">= 1", SettingCatalog.MAX_DECODED_BYTES.range());
    assertEquals("", SettingCatalog.CODINGS.range());
  }

  @Test
  void theTwoSegmentPoolsShareARangeNotADefault() {
    assertEquals(SettingCatalog.SEGMENT_POOL_BYTES.range(), SettingCatalog.FILTER_SEGMENT_POOL_BYTES.range());
    assertEquals(4L << 20, SettingCatalog.SEGMENT_POOL_BYTES.defaultValue());
    assertEquals(8L << 20, SettingCatalog.FILTER_SEGMENT_POOL_BYTES.defaultValue());
  }

  @Test
  void defaultsAreShownInBinaryUnits() {
    assertEquals("64 KiB", SettingCatalog.INPUT_BUFFER_SIZE.shownDefault());
    assertEquals("1,000", SettingCatalog.MAX_NESTING_DEPTH.shownDefault());
    assertEquals("the number of processors", SettingCatalog.COMPRESSION_THREADS.shownDefault());
  }

  @Test
  void springDefaultsAreWrittenAsSpringParsesThem() {
    assertEquals("8MB", SettingCatalog.FILTER_SEGMENT_POOL_BYTES.springDefault());
    assertEquals("256KB", SettingCatalog.PARALLEL_THRESHOLD_BYTES.springDefault());
    assertEquals("20ms", SettingCatalog.FLUSH_GRACE_MILLIS.springDefault());
    assertNull(SettingCatalog.COMPRESSION_THREADS.springDefault());
  }
}
