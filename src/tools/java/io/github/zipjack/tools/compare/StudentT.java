package io.github.zipjack.tools.compare;

/**
 * Student's t distribution: its cumulative probability and its quantiles for any positive degrees of
 * freedom, computed here (the regularized incomplete beta by its continued fraction, the quantile by
 * bisection on it) so the toolkit needs no statistics library. Accurate to about 1e-9 in the quantile.
 * Stateless and thread-safe.
 */
final class StudentT {
  private StudentT() {}

  /**
   * The t with {@code P(T <= t) = p}.
   *
   * @param p in (0, 1)
   * @param degreesOfFreedom positive
   * @throws IllegalArgumentException naming the value out of range
   */
  static double quantile(double p, double degreesOfFreedom) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("probability must be in (0, 1): " + p);
    }
    requirePositive(degreesOfFreedom);
    if (p == 0.5) {
      return 0;
    }
    if (p < 0.5) {
      return -quantile(1 - p, degreesOfFreedom);
    }
    double low = 0;
    double high = 1;
    while (cdf(high, degreesOfFreedom) < p) {
      low = high;
      high *= 2;
    }
    for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
      double mid = (low + high) / 2;
      if (cdf(mid, degreesOfFreedom) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }

  /** The two-sided quantile: the t with {@code P(|T| <= t) = confidence}, confidence in (0, 1). */
  static double twoSided(double confidence, double degreesOfFreedom) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
    }
    return quantile((1 + confidence) / 2, degreesOfFreedom);
  }

  /** {@code P(T <= t)} with {@code degreesOfFreedom} positive. */
  static double cdf(double t, double degreesOfFreedom) {
    requirePositive(degreesOfFreedom);
    double x = degreesOfFreedom / (degreesOfFreedom + t * t);
    double tail = 0.5 * regularizedBeta(x, degreesOfFreedom / 2, 0.5);
    return t >= 0 ? 1 - tail : tail;
  }

  /** I_x(a, b), the regularized incomplete beta function, for x in [0, 1] and a, b positive. */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
    // The continued fraction converges fast only below the mean; above it, use I_x(a,b) = 1 - I_{1-x}(b,a).
    if (x < (a + 1) / (a + b + 2)) {
      return front * continuedFraction(x, a, b) / a;
    }
    return 1 - front * continuedFraction(1 - x, b, a) / b;
  }

  /** The continued fraction of the incomplete beta, evaluated by the modified Lentz method. */
  private static double continuedFraction(double x, double a, double b) {
    final double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double result = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 / nonZero(1 + even * d, tiny);
      c = nonZero(1 + even / c, tiny);
      result *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 / nonZero(1 + odd * d, tiny);
      c = nonZero(1 + odd / c, tiny);
      double step = d * c;
      result *= step;
      if (Math.abs(step - 1) < 1e-15) {
        break;
      }
    }
    return result;
  }

  private static double nonZero(double value, double tiny) {
    return Math.abs(value) < tiny ? tiny : value;
  }

  /** ln Γ(z) for z positive, by Lanczos' approximation (g = 7, 9 terms; relative error about 1e-15). */
  static double logGamma(double z) {
    if (z < 0.5) {
      // Reflection: Γ(z) Γ(1 - z) = π / sin(πz).
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - logGamma(1 - z);
    }
    double[] coefficients = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    double w = z - 1;
    double sum = coefficients[0];
    for (int i = 1; i < coefficients.length; i++) {
      sum += coefficients[i] / (w + i);
    }
    double t = w + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  private static void requirePositive(double degreesOfFreedom) {
    if (!(degreesOfFreedom > 0) || Double.isInfinite(degreesOfFreedom)) {
      throw new IllegalArgumentException("degrees of freedom must be positive and finite: " + degreesOfFreedom);
    }
  }
}
