package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Student's t against published table values (two-sided 95%: the 0.975 quantile). */
class StudentTTest {

  @ParameterizedTest(name = "df {0}: {1}")
  @CsvSource({"1, 12.7062", "4, 2.7764", "10, 2.2281", "30, 2.0423"})
  void quantileMatchesThePublishedTable(double degreesOfFreedom, double expected) {
    assertEquals(expected, StudentT.quantile(0.975, degreesOfFreedom), 1e-4);
  }

  @Test
  void quantileApproachesTheNormalForManyDegreesOfFreedom() {
    assertEquals(1.9600, StudentT.quantile(0.975, 100_000), 1e-3);
  }

  @Test
  void quantileTakesFractionalDegreesOfFreedom() {
    double t = StudentT.quantile(0.975, 4.5);
    assertEquals(0.975, StudentT.cdf(t, 4.5), 1e-9);
  }

  @Test
  void quantileOfTheLowerTailIsTheNegatedUpper() {
    assertEquals(-StudentT.quantile(0.9, 7), StudentT.quantile(0.1, 7), 1e-9);
  }

  @Test
  void twoSidedNinetyFivePercentIsTheUpperQuantileOfNinetySevenAndAHalf() {
    assertEquals(StudentT.quantile(0.975, 6), StudentT.twoSided(0.95, 6), 1e-12);
  }

  @Test
  void cdfIsOneHalfAtZero() {
    assertEquals(0.5, StudentT.cdf(0, 3), 1e-12);
  }

  @Test
  void logGammaOfFiveIsLogOfTwentyFour() {
    assertEquals(Math.log(24), StudentT.logGamma(5), 1e-12);
  }

  @Test
  void quantile_probabilityOutOfRange() {
    assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(1, 3));
  }

  @Test
  void quantile_degreesOfFreedomNotPositive() {
    assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(0.975, 0));
  }
}
