package org.dtp.models.contacts;

import java.util.List;

/** A vCard ORG: the organisation's name and its units, outermost first. */
public record Organization(String name, List<String> units) {
    public Organization {
        units = units == null ? List.of() : List.copyOf(units);
    }
}
