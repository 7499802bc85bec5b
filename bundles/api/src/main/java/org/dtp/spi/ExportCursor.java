package org.dtp.spi;

/**
 * Where an export continues: a container ({@code null} for the root of the account) and the
 * continuation token the exporter returned with the previous page of it ({@code null} for the first page).
 */
public record ExportCursor(String containerId, String continuation) {
    public static ExportCursor root() {
        return new ExportCursor(null, null);
    }

    public boolean isRoot() {
        return containerId == null;
    }
}
