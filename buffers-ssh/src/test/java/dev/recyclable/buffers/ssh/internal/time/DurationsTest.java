/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.ssh.internal.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** The one Duration conversion at its extremes; the settings that use it are tested against a server. */
class DurationsTest {

    @Test
    void refusesNegativeAndNullNamingTheSetting() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Durations.check(Duration.ofNanos(-1), "replyTimeout"));
        assertTrue(e.getMessage().contains("replyTimeout"), e.getMessage());
        NullPointerException n = assertThrows(NullPointerException.class, () -> Durations.check(null, "idleTimeout"));
        assertEquals("idleTimeout", n.getMessage());
        Duration zero = Duration.ZERO;
        assertSame(zero, Durations.check(zero, "x"));
    }

    @Test
    void nanosSaturateAtUnlimited() {
        assertEquals(0, Durations.toNanos(Duration.ZERO));
        assertEquals(1, Durations.toNanos(Duration.ofNanos(1)));
        assertEquals(1_500_000_000L, Durations.toNanos(Duration.ofMillis(1500)));
        for (Duration huge : new Duration[] {
            ChronoUnit.FOREVER.getDuration(),
            Duration.ofSeconds(Long.MAX_VALUE),
            Duration.ofDays(365_000),
            Duration.ofNanos(Long.MAX_VALUE),
            Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L)
        }) {
            assertEquals(Durations.UNLIMITED, Durations.toNanos(huge), huge.toString());
            assertTrue(Durations.isUnlimited(huge));
        }
        // the largest counted: a second short of the limit
        Duration counted = Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L - 1, 999_999_999);
        assertEquals(counted.toNanos(), Durations.toNanos(counted));
        assertFalse(Durations.isUnlimited(counted));
    }

    @Test
    void sshjMillisAreZeroForNoLimitAndNeverRoundAPositiveDurationToZero() {
        assertEquals(0, Durations.toSshjMillis(Duration.ZERO));
        assertEquals(1, Durations.toSshjMillis(Duration.ofNanos(1)));
        assertEquals(2, Durations.toSshjMillis(Duration.ofNanos(1_000_001)));
        assertEquals(30_000, Durations.toSshjMillis(Duration.ofSeconds(30)));
        assertEquals(Integer.MAX_VALUE, Durations.toSshjMillis(Duration.ofMillis(Integer.MAX_VALUE)));
        assertEquals(0, Durations.toSshjMillis(Duration.ofMillis(Integer.MAX_VALUE + 1L)));
        assertEquals(0, Durations.toSshjMillis(ChronoUnit.FOREVER.getDuration()));
        assertEquals(0, Durations.toSshjMillis(Duration.ofNanos(Long.MAX_VALUE)));
    }

    @Test
    void deadlinesNeverComeWhenUnlimitedAndCountDownOtherwise() {
        assertEquals(Durations.NO_DEADLINE, Durations.deadline(Durations.UNLIMITED));
        assertEquals(Durations.UNLIMITED, Durations.nanosLeft(Durations.NO_DEADLINE));
        long inAnHour = Durations.deadline(Duration.ofHours(1).toNanos());
        long left = Durations.nanosLeft(inAnHour);
        assertTrue(left > 0 && left <= Duration.ofHours(1).toNanos(), Long.toString(left));
        assertTrue(Durations.nanosLeft(Durations.deadline(0)) <= 0);
        // a deadline past the long range wraps, and still counts down by difference
        long far = Durations.deadline(Durations.UNLIMITED - 1);
        assertTrue(Durations.nanosLeft(far) > Durations.UNLIMITED / 2);
    }
}
