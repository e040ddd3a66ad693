package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The negotiation rules of RFC 9110 §12.5.3 as {@link AcceptEncoding} applies them. */
class AcceptEncodingTest {
  private static final List<String> ZSTD_GZIP_BR = List.of("zstd", "gzip", "br");
  private static final List<String> GZIP_ONLY = List.of("gzip");

  private static Optional<String> choose(String header, List<String> serverPreference) {
    return AcceptEncoding.parse(header).choose(serverPreference);
  }

  @Test
  void absentHeaderGetsIdentity() {
    assertEquals(Optional.of("identity"), choose(null, ZSTD_GZIP_BR));
  }

  @Test
  void emptyHeaderGetsIdentity() {
    assertEquals(Optional.of("identity"), choose("", ZSTD_GZIP_BR));
  }

  @Test
  void blankHeaderGetsIdentity() {
    assertEquals(Optional.of("identity"), choose("  \t ", ZSTD_GZIP_BR));
  }

  @Test
  void aHeaderValueSeenBeforeIsNotParsedAgain() {
    String header = new String("gzip, deflate, br, zstd;q=0.9");
    assertSame(AcceptEncoding.parse(header), AcceptEncoding.parse(new String(header)));
    assertEquals(Optional.of("gzip"), choose(header, ZSTD_GZIP_BR));
  }

  @Test
  void manyDistinctHeaderValuesAreEachParsedByTheirOwnContent() {
    for (int i = 0; i < 1000; i++) {
      String header = "zstd;q=0." + i % 10 + ", gzip;q=0.5, x-" + i;
      assertEquals(Optional.of(i % 10 >= 5 ? "zstd" : "gzip"), choose(header, ZSTD_GZIP_BR), header);
    }
  }

  @Test
  void absentHeaderIsReportedAbsent() {
    assertTrue(AcceptEncoding.parse(null).isAbsent());
  }

  @Test
  void presentHeaderIsNotAbsent() {
    assertFalse(AcceptEncoding.parse("gzip").isAbsent());
  }

  @Test
  void singleCodingIsChosen() {
    assertEquals(Optional.of("gzip"), choose("gzip", ZSTD_GZIP_BR));
  }

  @Test
  void equalWeightsGoByServerPreference() {
    assertEquals(Optional.of("zstd"), choose("gzip, deflate, br, zstd", ZSTD_GZIP_BR));
  }

  @Test
  void serverPreferenceOrderDecidesTies() {
    assertEquals(Optional.of("br"), choose("gzip, br, zstd", List.of("br", "gzip", "zstd")));
  }

  @Test
  void higherClientWeightBeatsServerPreference() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=0.5, gzip", ZSTD_GZIP_BR));
  }

  @Test
  void weightsCompareToTheThousandth() {
    assertEquals(Optional.of("br"), choose("zstd;q=0.001, br;q=0.002", ZSTD_GZIP_BR));
  }

  @Test
  void codingNotOfferedByServerIsIgnored() {
    assertEquals(Optional.of("gzip"), choose("deflate, compress;q=1, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void qZeroRefusesTheCoding() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=0, gzip;q=0.2", ZSTD_GZIP_BR));
  }

  @Test
  void qZeroWithDecimalsRefusesTheCoding() {
    assertEquals(Optional.of("identity"), choose("gzip;q=0.000", GZIP_ONLY));
  }

  @Test
  void onlyRefusedCodingsFallBackToIdentity() {
    assertEquals(Optional.of("identity"), choose("gzip;q=0", GZIP_ONLY));
  }

  @Test
  void unofferedCodingsFallBackToIdentity() {
    assertEquals(Optional.of("identity"), choose("deflate", ZSTD_GZIP_BR));
  }

  @Test
  void starAcceptsEveryOfferedCodingAtServerPreference() {
    assertEquals(Optional.of("zstd"), choose("*", ZSTD_GZIP_BR));
  }

  @Test
  void namedCodingBeatsStarOfLowerWeight() {
    assertEquals(Optional.of("gzip"), choose("gzip, *;q=0.5", ZSTD_GZIP_BR));
  }

  @Test
  void namedRefusalOverridesStar() {
    assertEquals(Optional.of("gzip"), choose("*, zstd;q=0", ZSTD_GZIP_BR));
  }

  @Test
  void starZeroRefusesUnnamedCodings() {
    assertEquals(Optional.of("br"), choose("br, *;q=0", ZSTD_GZIP_BR));
  }

  @Test
  void starZeroAloneRefusesIdentityToo() {
    assertEquals(Optional.empty(), choose("*;q=0", ZSTD_GZIP_BR));
  }

  @Test
  void starZeroWithIdentityNamedKeepsIdentity() {
    assertEquals(Optional.of("identity"), choose("*;q=0, identity", ZSTD_GZIP_BR));
  }

  @Test
  void identityZeroWithNothingOfferedAcceptableIsNotAcceptable() {
    assertEquals(Optional.empty(), choose("deflate, identity;q=0", ZSTD_GZIP_BR));
  }

  @Test
  void identityZeroStillAllowsAnAcceptedCoding() {
    assertEquals(Optional.of("gzip"), choose("gzip, identity;q=0", ZSTD_GZIP_BR));
  }

  @Test
  void identityZeroWithEveryOfferedCodingRefusedIsNotAcceptable() {
    assertEquals(Optional.empty(), choose("gzip;q=0, identity;q=0", GZIP_ONLY));
  }

  @Test
  void unnamedIdentityDoesNotCompeteWithAcceptedCodings() {
    assertEquals(Optional.of("gzip"), choose("gzip;q=0.1", GZIP_ONLY));
  }

  @Test
  void namedIdentityWithHigherWeightWins() {
    assertEquals(Optional.of("identity"), choose("identity, gzip;q=0.5", GZIP_ONLY));
  }

  @Test
  void namedIdentityWithLowerWeightLoses() {
    assertEquals(Optional.of("gzip"), choose("identity;q=0.5, gzip", GZIP_ONLY));
  }

  @Test
  void identityListedByServerTakesItsPlaceInTies() {
    assertEquals(Optional.of("identity"), choose("gzip, identity", List.of("identity", "gzip")));
  }

  @Test
  void identityNotListedByServerLosesTies() {
    assertEquals(Optional.of("gzip"), choose("identity, gzip", GZIP_ONLY));
  }

  @Test
  void codingsAreCaseInsensitive() {
    assertEquals(Optional.of("gzip"), choose("GZip", ZSTD_GZIP_BR));
  }

  @Test
  void serverTokensAreCaseInsensitive() {
    assertEquals(Optional.of("zstd"), choose("zstd", List.of("ZSTD", "gzip")));
  }

  @Test
  void qParameterNameIsCaseInsensitive() {
    assertEquals(Optional.of("gzip"), choose("zstd;Q=0, gzip", ZSTD_GZIP_BR));
  }

  @Test
  void xGzipMeansGzip() {
    assertEquals(Optional.of("gzip"), choose("x-gzip", ZSTD_GZIP_BR));
  }

  @Test
  void whitespaceAroundElementsAndParametersIsIgnored() {
    assertEquals(Optional.of("br"), choose("  zstd ; q = 0.1 ,\tbr ;q=0.9 , gzip;  q=0.5 ", ZSTD_GZIP_BR));
  }

  @Test
  void emptyListElementsAreIgnored() {
    assertEquals(Optional.of("br"), choose(",, br ,,", ZSTD_GZIP_BR));
  }

  @Test
  void otherParametersAreIgnored() {
    assertEquals(Optional.of("gzip"), choose("gzip;level=9;q=0.8, zstd;q=0.5", ZSTD_GZIP_BR));
  }

  @Test
  void malformedWordWeightIgnoresTheElement() {
    assertEquals(Optional.of("identity"), choose("gzip;q=abc", GZIP_ONLY));
  }

  @Test
  void weightAboveOneIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=1.5, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void weightWithoutLeadingDigitIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=.5, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void weightWithFourDecimalsIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=0.5000, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void emptyWeightIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void weightWithoutValueIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void negativeWeightIgnoresTheElement() {
    assertEquals(Optional.of("gzip"), choose("zstd;q=-1, gzip;q=0.1", ZSTD_GZIP_BR));
  }

  @Test
  void malformedIdentityZeroDoesNotRefuseIdentity() {
    assertEquals(Optional.of("identity"), choose("identity;q=zero", GZIP_ONLY));
  }

  @Test
  void oneWithThreeZeroDecimalsIsFullWeight() {
    assertEquals(1.0, AcceptEncoding.parse("gzip;q=1.000").quality("gzip"));
  }

  @Test
  void oneWithNonZeroDecimalsIsMalformed() {
    assertEquals(0.0, AcceptEncoding.parse("gzip;q=1.001").quality("gzip"));
  }

  @Test
  void repeatedCodingKeepsTheLowerWeight() {
    assertEquals(Optional.of("identity"), choose("gzip, gzip;q=0", GZIP_ONLY));
  }

  @Test
  void qualityOfUnnamedCodingIsZero() {
    assertEquals(0.0, AcceptEncoding.parse("gzip").quality("br"));
  }

  @Test
  void qualityOfUnnamedIdentityIsOne() {
    assertEquals(1.0, AcceptEncoding.parse("gzip").quality("identity"));
  }

  @Test
  void qualityOfUnnamedCodingIsStars() {
    assertEquals(0.3, AcceptEncoding.parse("gzip, *;q=0.3").quality("br"));
  }

  @Test
  void absentHeaderAcceptsOnlyIdentity() {
    assertFalse(AcceptEncoding.parse(null).accepts("gzip"));
  }

  @Test
  void emptyServerPreferenceGivesIdentity() {
    assertEquals(Optional.of("identity"), choose("gzip", List.of()));
  }

  @Test
  void acceptedCodingsListsNamedCodingsAboveZero() {
    assertEquals(List.of("br", "*"), AcceptEncoding.parse("br, gzip;q=0, *;q=0.1").acceptedCodings());
  }

  @Test
  void toStringShowsParsedWeights() {
    assertEquals("AcceptEncoding[gzip=1.0, br=0.5]", AcceptEncoding.parse("gzip, br;q=0.5").toString());
  }

  @Test
  void anElementOfOnlyASemicolonIsIgnored() {
    AcceptEncoding accept = AcceptEncoding.parse("gzip, ;, ;q=0");

    assertEquals(List.of("gzip"), accept.acceptedCodings());
  }
}
