package org.dtp.models;

import org.dtp.models.calendar.Calendar;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.mail.MailFolder;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.models.playlists.Playlist;
import org.dtp.models.playlists.PlaylistTrack;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;

/** A kind of data a person moves, with the container and item models adapters exchange for it. */
public enum Vertical {
    MEDIA("photos and videos with albums", PhotoAlbum.class, MediaItem.class),
    CONTACTS("contacts", AddressBook.class, Contact.class),
    CALENDAR("calendars and events", Calendar.class, CalendarEvent.class),
    TASKS("task lists and tasks", TaskList.class, Task.class),
    MAIL("mail folders and messages", MailFolder.class, MailMessage.class),
    PLAYLISTS("playlists and tracks", Playlist.class, PlaylistTrack.class),
    SOCIAL("social posts", SocialFeed.class, SocialPost.class);

    private final String description;
    private final Class<? extends ContainerModel> containerType;
    private final Class<? extends ItemModel> itemType;

    Vertical(String description, Class<? extends ContainerModel> containerType, Class<? extends ItemModel> itemType) {
        this.description = description;
        this.containerType = containerType;
        this.itemType = itemType;
    }

    public String description() {
        return description;
    }

    public Class<? extends ContainerModel> containerType() {
        return containerType;
    }

    public Class<? extends ItemModel> itemType() {
        return itemType;
    }

    /**
     * Parses a vertical name case-insensitively.
     *
     * @throws IllegalArgumentException naming the verticals that exist, when {@code name} is none of them
     */
    public static Vertical parse(String name) {
        if (name != null) {
            for (Vertical v : values()) {
                if (v.name().equalsIgnoreCase(name.trim())) {
                    return v;
                }
            }
        }
        throw new IllegalArgumentException("unknown vertical '" + name + "'; known verticals: "
                + java.util.Arrays.toString(values()).toLowerCase(java.util.Locale.ROOT));
    }
}
