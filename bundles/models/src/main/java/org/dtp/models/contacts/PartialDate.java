package org.dtp.models.contacts;

/**
 * A birthday or anniversary, which vCard lets omit parts: {@code --0415} is April 15th of an
 * unknown year, {@code 1985} a year alone. Unknown parts are null. {@code text} holds what has no
 * year/month/day form (a free-text date such as "circa 1800", or a value with a time of day); then
 * the parts are null.
 */
public record PartialDate(Integer year, Integer month, Integer day, String text) {
    public PartialDate {
        boolean hasParts = year != null || month != null || day != null;
        if (hasParts == (text != null)) {
            throw new IllegalArgumentException("a partial date has some of year/month/day, or text, not both");
        }
        if (month != null && (month < 1 || month > 12) || day != null && (day < 1 || day > 31)) {
            throw new IllegalArgumentException("not a date: month " + month + ", day " + day);
        }
    }
}
