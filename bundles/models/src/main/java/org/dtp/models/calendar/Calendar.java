package org.dtp.models.calendar;

import org.dtp.models.ContainerModel;
import org.dtp.models.Schema;

import java.util.Objects;

/**
 * A calendar. {@code color} is as the source gives it (RFC 7986 COLOR: a CSS colour name or
 * {@code #RRGGBB}); {@code timeZoneId} is the calendar's default zone, an IANA id where known.
 */
@Schema(name = "dtp.calendar.calendar")
public record Calendar(String id, String name, String description, String color, String timeZoneId)
        implements ContainerModel {
    public Calendar {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
