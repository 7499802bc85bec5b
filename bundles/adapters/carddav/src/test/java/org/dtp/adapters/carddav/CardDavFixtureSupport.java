package org.dtp.adapters.carddav;

/** Reads what a sample holds, with the parser under test. */
final class CardDavFixtureSupport {
    private CardDavFixtureSupport() {
    }

    static byte[] photo(String sample) throws Exception {
        return VCards.photoOf(CardDavFixture.sample(sample));
    }
}
