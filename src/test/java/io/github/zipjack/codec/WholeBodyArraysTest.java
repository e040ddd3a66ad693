package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The arrays a whole-body decode borrows: grown to the body, reused, not kept past the cap. */
class WholeBodyArraysTest {

  @Test
  void growsEachArrayExactlyToTheFirstBodyThatDoesNotFit() {
    WholeBodyArrays arrays = new WholeBodyArrays();
    assertEquals(1000, arrays.encoded(1000).length);
    assertEquals(5000, arrays.decoded(5000).length);
    assertEquals(1200, arrays.encoded(1200).length);
  }

  @Test
  void reusesAnArrayForABodyNoLarger() {
    WholeBodyArrays arrays = new WholeBodyArrays();
    byte[] encoded = arrays.encoded(1000);
    byte[] decoded = arrays.decoded(5000);
    assertSame(encoded, arrays.encoded(999));
    assertSame(decoded, arrays.decoded(5000));
    assertSame(decoded, arrays.decoded());
  }

  @Test
  void dropsOnlyTheArraysLargerThanTheRetainedCap() {
    WholeBodyArrays arrays = new WholeBodyArrays();
    byte[] kept = arrays.encoded(WholeBodyArrays.MAX_RETAINED_BYTES);
    arrays.decoded(WholeBodyArrays.MAX_RETAINED_BYTES + 1);
    arrays.dropOversized();
    assertSame(kept, arrays.encoded(1));
    assertEquals(0, arrays.decoded().length);
  }

  @Test
  void aHolderTakenAfterAnotherIsReleasedIsUsableWhicheverTheyAre() {
    WholeBodyArrays first = WholeBodyArrays.take();
    WholeBodyArrays second = WholeBodyArrays.take();
    assertNotSame(first, second);
    first.encoded(10)[0] = 1;
    first.release();
    second.release();
    WholeBodyArrays again = WholeBodyArrays.take();
    assertEquals(10, again.encoded(10).length);
    again.release();
  }
}
