package org.dtp.core.registry;

import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dtp packages an adapter imports at versions this server does not export, from its Import-Package header:
 * what makes it an incompatible adapter rather than one missing a library.
 */
final class ImportRanges {
    private ImportRanges() {
    }

    /**
     * Clauses of {@code importPackage} for {@code org.dtp.*} packages whose version range no exported version
     * of that package meets, as "package range (this server has versions)".
     *
     * @param exported the versions each package is exported at on this server
     */
    static List<String> unmet(String importPackage, Map<String, Set<Version>> exported) {
        List<String> unmet = new ArrayList<>();
        if (importPackage == null) {
            return unmet;
        }
        for (String clause : clauses(importPackage)) {
            List<String> packages = new ArrayList<>();
            String range = "0.0.0";
            boolean optional = false;
            for (String raw : clause.split(";")) {
                String part = raw.trim();
                if (!part.contains("=")) {
                    packages.add(part);
                } else if (part.startsWith("version=")) {
                    range = part.substring("version=".length()).replace("\"", "").trim();
                } else if (part.replace(" ", "").equals("resolution:=optional")) {
                    optional = true;
                }
            }
            for (String pkg : packages) {
                if (!pkg.startsWith("org.dtp.") || optional) {
                    continue;
                }
                VersionRange wanted = new VersionRange(range);
                Set<Version> have = exported.getOrDefault(pkg, Set.of());
                if (have.stream().noneMatch(wanted::includes)) {
                    unmet.add(pkg + " " + wanted + " (this server has " + (have.isEmpty() ? "none" : have.stream()
                            .sorted().map(Version::toString).toList()) + ")");
                }
            }
        }
        return unmet;
    }

    /** Splits a manifest header at the commas that are not inside quotes. */
    private static List<String> clauses(String header) {
        List<String> clauses = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (char c : header.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                clauses.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (!current.isEmpty()) {
            clauses.add(current.toString());
        }
        return clauses;
    }
}
