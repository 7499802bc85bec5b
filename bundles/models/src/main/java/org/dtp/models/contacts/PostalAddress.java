package org.dtp.models.contacts;

import java.util.List;

/**
 * A vCard ADR: its seven components, the LABEL a provider may give as the formatted address, and
 * TYPE / PREF as in {@link TypedValue}.
 */
public record PostalAddress(
        String poBox,
        String extended,
        String street,
        String locality,
        String region,
        String postalCode,
        String country,
        String label,
        List<String> types,
        Integer pref) {

    public PostalAddress {
        types = types == null ? List.of() : List.copyOf(types);
        TypedValue.checkPref(pref);
    }

    /** An empty {@link Builder}: every component unset (null, or its documented default). */
    public static Builder builder() {
        return new Builder();
    }

    /** A {@link Builder} holding this PostalAddress's components, to build a copy with some of them changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link PostalAddress} by naming its components, one setter per component, so that a
     * caller sets only what it has instead of passing a run of nulls to the canonical constructor.
     * Adding a component to this record then means adding a setter here: existing callers compile and
     * behave as before, which is a minor version of this package rather than a major one.
     * {@link #build()} calls the canonical constructor, so its checks apply and a list or map left
     * unset (or set to null) becomes empty there, exactly as when null is passed to the constructor.
     */
    public static final class Builder {
        private String poBox;
        private String extended;
        private String street;
        private String locality;
        private String region;
        private String postalCode;
        private String country;
        private String label;
        private List<String> types;
        private Integer pref;

        private Builder() {
        }

        private Builder(PostalAddress source) {
            poBox = source.poBox;
            extended = source.extended;
            street = source.street;
            locality = source.locality;
            region = source.region;
            postalCode = source.postalCode;
            country = source.country;
            label = source.label;
            types = source.types;
            pref = source.pref;
        }

        public Builder poBox(String poBox) {
            this.poBox = poBox;
            return this;
        }

        public Builder extended(String extended) {
            this.extended = extended;
            return this;
        }

        public Builder street(String street) {
            this.street = street;
            return this;
        }

        public Builder locality(String locality) {
            this.locality = locality;
            return this;
        }

        public Builder region(String region) {
            this.region = region;
            return this;
        }

        public Builder postalCode(String postalCode) {
            this.postalCode = postalCode;
            return this;
        }

        public Builder country(String country) {
            this.country = country;
            return this;
        }

        public Builder label(String label) {
            this.label = label;
            return this;
        }

        public Builder types(List<String> types) {
            this.types = types;
            return this;
        }

        public Builder pref(Integer pref) {
            this.pref = pref;
            return this;
        }

        /** The PostalAddress; throws as the canonical constructor does when the components break its rules. */
        public PostalAddress build() {
            return new PostalAddress(poBox, extended, street, locality, region, postalCode, country, label,
                    types, pref);
        }
    }
}
